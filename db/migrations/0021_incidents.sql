CREATE TABLE `incidents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` text NOT NULL,
	`reporter_id` text,
	`source` text NOT NULL,
	`description` text NOT NULL,
	`message_id` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`consequence` text,
	`suspension_days` integer,
	`ends_at` integer,
	`decision_note` text,
	`decided_by` text,
	`decided_at` integer,
	`lifted_at` integer,
	`lifted_by` text,
	`appeal_text` text,
	`appealed_at` integer,
	`appeal_status` text,
	`appeal_response` text,
	`appeal_resolved_at` integer,
	`appeal_resolved_by` text,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lifted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`appeal_resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `incidents_status_idx` ON `incidents` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `incidents_appeal_idx` ON `incidents` (`appeal_status`,`id`);--> statement-breakpoint
CREATE INDEX `incidents_member_idx` ON `incidents` (`member_id`,`id`);--> statement-breakpoint
CREATE INDEX `incidents_reporter_idx` ON `incidents` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `member_standings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`suspended_until` integer,
	`banned_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
