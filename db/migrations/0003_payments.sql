CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider` text NOT NULL,
	`provider_session_id` text NOT NULL,
	`provider_payment_id` text,
	`checkout_url` text NOT NULL,
	`user_id` text,
	`tournament_id` integer,
	`tier` text,
	`details` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`paid_at` integer,
	`fulfilled_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_session_uq` ON `payments` (`provider`,`provider_session_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`payment_id` integer NOT NULL,
	`tournament_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`tier` text NOT NULL,
	`created_at` integer NOT NULL,
	`used_at` integer,
	`used_by` text,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`used_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_code_unique` ON `tickets` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_paymentId_unique` ON `tickets` (`payment_id`);--> statement-breakpoint
CREATE INDEX `tickets_user_idx` ON `tickets` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `tournament_registrations` ADD `payment_id` integer;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `payment_id` integer REFERENCES payments(id);--> statement-breakpoint
CREATE UNIQUE INDEX `sponsors_paymentId_unique` ON `sponsors` (`payment_id`);