-- Issue 15: conversations, inboxes and blocks (ADR 039). drizzle-kit writes the pair index's expressions wrongly
-- (it splits them at the comma); they are written by hand here.
CREATE TABLE `conversations` (
	`user_id` text NOT NULL,
	`other_user_id` text NOT NULL,
	`started_by` text NOT NULL,
	`last_message_id` integer NOT NULL,
	`last_message_at` integer NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `other_user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversations_list_idx` ON `conversations` (`user_id`,`last_message_at`,`other_user_id`);--> statement-breakpoint
CREATE INDEX `conversations_started_idx` ON `conversations` (`started_by`,`created_at`);--> statement-breakpoint
CREATE TABLE `member_blocks` (
	`blocker_id` text NOT NULL,
	`blocked_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_blocks_blocked_idx` ON `member_blocks` (`blocked_id`,`blocker_id`);--> statement-breakpoint
CREATE TABLE `message_inboxes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`unread` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `messages_recipient_read_idx`;--> statement-breakpoint
CREATE INDEX `messages_pair_idx` ON `messages` (min(`sender_id`, `recipient_id`),max(`sender_id`, `recipient_id`),`id`);--> statement-breakpoint
CREATE INDEX `messages_sender_time_idx` ON `messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_recipient_read_idx` ON `messages` (`recipient_id`,`sender_id`,`read_at`);--> statement-breakpoint
-- The conversations and inboxes of the messages already stored (support requests, the demo's). The last message is
-- the highest id; the conversation was started by the sender of the lowest.
INSERT INTO `conversations` (`user_id`, `other_user_id`, `started_by`, `last_message_id`, `last_message_at`, `unread_count`, `created_at`)
SELECT g.`me`, g.`other`,
	(SELECT f.`sender_id` FROM `messages` f WHERE min(f.`sender_id`, f.`recipient_id`) = min(g.`me`, g.`other`)
		AND max(f.`sender_id`, f.`recipient_id`) = max(g.`me`, g.`other`) ORDER BY f.`id` LIMIT 1),
	g.`last_id`,
	(SELECT l.`created_at` FROM `messages` l WHERE l.`id` = g.`last_id`),
	g.`unread`,
	g.`first_at`
FROM (
	SELECT s.`me`, s.`other`, max(s.`id`) AS `last_id`, sum(s.`unread`) AS `unread`, min(s.`created_at`) AS `first_at`
	FROM (
		SELECT `id`, `sender_id` AS `me`, `recipient_id` AS `other`, 0 AS `unread`, `created_at` FROM `messages`
		UNION ALL
		SELECT `id`, `recipient_id`, `sender_id`, `read_at` IS NULL, `created_at` FROM `messages`
	) s
	GROUP BY s.`me`, s.`other`
) g;--> statement-breakpoint
INSERT INTO `message_inboxes` (`user_id`, `unread`, `version`)
SELECT `user_id`, sum(`unread_count`), 1 FROM `conversations` GROUP BY `user_id`;--> statement-breakpoint
-- Every new message moves both members' conversation rows and inbox versions, and the recipient's unread counts.
CREATE TRIGGER `messages_insert_conversations` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `conversations` (`user_id`, `other_user_id`, `started_by`, `last_message_id`, `last_message_at`, `unread_count`, `created_at`)
	VALUES (NEW.`sender_id`, NEW.`recipient_id`, NEW.`sender_id`, NEW.`id`, NEW.`created_at`, 0, NEW.`created_at`)
	ON CONFLICT (`user_id`, `other_user_id`) DO UPDATE SET
		`last_message_id` = excluded.`last_message_id`, `last_message_at` = excluded.`last_message_at`;
	INSERT INTO `conversations` (`user_id`, `other_user_id`, `started_by`, `last_message_id`, `last_message_at`, `unread_count`, `created_at`)
	VALUES (NEW.`recipient_id`, NEW.`sender_id`, NEW.`sender_id`, NEW.`id`, NEW.`created_at`, NEW.`read_at` IS NULL, NEW.`created_at`)
	ON CONFLICT (`user_id`, `other_user_id`) DO UPDATE SET
		`last_message_id` = excluded.`last_message_id`, `last_message_at` = excluded.`last_message_at`,
		`unread_count` = `unread_count` + excluded.`unread_count`;
	INSERT INTO `message_inboxes` (`user_id`, `unread`, `version`) VALUES (NEW.`recipient_id`, NEW.`read_at` IS NULL, 1)
	ON CONFLICT (`user_id`) DO UPDATE SET `unread` = `unread` + excluded.`unread`, `version` = `version` + 1;
	INSERT INTO `message_inboxes` (`user_id`, `unread`, `version`) VALUES (NEW.`sender_id`, 0, 1)
	ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1;
END;--> statement-breakpoint
-- A message read: the reader's counts drop, and both sides' versions move (the sender's thread shows the read tick).
CREATE TRIGGER `messages_read_conversations` AFTER UPDATE OF `read_at` ON `messages`
WHEN OLD.`read_at` IS NULL AND NEW.`read_at` IS NOT NULL BEGIN
	UPDATE `conversations` SET `unread_count` = max(`unread_count` - 1, 0)
	WHERE `user_id` = NEW.`recipient_id` AND `other_user_id` = NEW.`sender_id`;
	UPDATE `message_inboxes` SET `unread` = max(`unread` - 1, 0), `version` = `version` + 1 WHERE `user_id` = NEW.`recipient_id`;
	UPDATE `message_inboxes` SET `version` = `version` + 1 WHERE `user_id` = NEW.`sender_id`;
END;--> statement-breakpoint
-- Messages go only with an account (the foreign keys' cascade); an unread one leaves the recipient's counts.
CREATE TRIGGER `messages_delete_unread` AFTER DELETE ON `messages` WHEN OLD.`read_at` IS NULL BEGIN
	UPDATE `conversations` SET `unread_count` = max(`unread_count` - 1, 0)
	WHERE `user_id` = OLD.`recipient_id` AND `other_user_id` = OLD.`sender_id`;
	UPDATE `message_inboxes` SET `unread` = max(`unread` - 1, 0), `version` = `version` + 1 WHERE `user_id` = OLD.`recipient_id`;
END;
