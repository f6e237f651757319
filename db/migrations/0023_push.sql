CREATE TABLE `push_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`source_id` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_pushed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_session_idx` ON `push_subscriptions` (`session_id`);--> statement-breakpoint
-- D28: a new message or notification is queued for Web Push only when its member has a device to push to.
CREATE TRIGGER `messages_push` AFTER INSERT ON `messages`
WHEN NEW.`read_at` IS NULL AND EXISTS (SELECT 1 FROM `push_subscriptions` WHERE `user_id` = NEW.`recipient_id`) BEGIN
	INSERT INTO `push_queue` (`user_id`, `kind`, `source_id`, `created_at`) VALUES (NEW.`recipient_id`, 'message', NEW.`id`, NEW.`created_at`);
END;--> statement-breakpoint
CREATE TRIGGER `notifications_push` AFTER INSERT ON `notifications`
WHEN NEW.`read` = 0 AND EXISTS (SELECT 1 FROM `push_subscriptions` WHERE `user_id` = NEW.`user_id`) BEGIN
	INSERT INTO `push_queue` (`user_id`, `kind`, `source_id`, `created_at`) VALUES (NEW.`user_id`, 'notification', NEW.`id`, NEW.`created_at`);
END;
