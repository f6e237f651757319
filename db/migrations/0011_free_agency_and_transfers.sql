CREATE TABLE `team_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`team_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`invited_by` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`notification_id` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_invites_pending_uq` ON `team_invites` (`team_id`,`user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `team_invites_user_idx` ON `team_invites` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `team_invites_team_idx` ON `team_invites` (`team_id`,`status`,`id`);--> statement-breakpoint
CREATE TABLE `transfer_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`from_team_id` integer NOT NULL,
	`to_team_id` integer,
	`decider_team_id` integer GENERATED ALWAYS AS (coalesce(to_team_id, from_team_id)) VIRTUAL,
	`reason` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	`decided_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfer_requests_pending_uq` ON `transfer_requests` (`user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `transfer_requests_user_idx` ON `transfer_requests` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `transfer_requests_decider_idx` ON `transfer_requests` (`decider_team_id`,`id`);--> statement-breakpoint
DROP INDEX `users_role_idx`;--> statement-breakpoint
CREATE INDEX `users_role_points_idx` ON `users` (`role`,`wta_points`,`id`,`is_verified`,`first_name`,`last_name`);--> statement-breakpoint
CREATE INDEX `users_role_sport_points_idx` ON `users` (`role`,`sport`,`wta_points`,`id`,`is_verified`,`first_name`,`last_name`);--> statement-breakpoint
DROP INDEX `team_members_user_idx`;--> statement-breakpoint
-- A player is on one team from now on: where an older database has a player on two rosters, the most recent
-- membership stays (the one GET /api/player/current-team already showed).
DELETE FROM `team_members` WHERE `rowid` NOT IN (
	SELECT `rowid` FROM (
		SELECT `rowid`, row_number() OVER (PARTITION BY `user_id` ORDER BY `joined_at` DESC, `team_id` DESC) AS `n`
		FROM `team_members`
	) WHERE `n` = 1
);--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_user_uq` ON `team_members` (`user_id`);--> statement-breakpoint
CREATE INDEX `teams_name_nocase_idx` ON `teams` (name collate nocase,`id`);