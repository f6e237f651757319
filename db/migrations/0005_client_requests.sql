CREATE TABLE `client_requests` (
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`status` integer NOT NULL,
	`response` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `client_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `client_requests_created_idx` ON `client_requests` (`created_at`);