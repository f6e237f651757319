CREATE TABLE `follow_alerts` (
	`tournament_id` integer NOT NULL,
	`event` text NOT NULL,
	`subject` text NOT NULL,
	`tournament_title` text NOT NULL,
	`champion_name` text,
	`cursor` text DEFAULT '' NOT NULL,
	`done_at` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`tournament_id`, `event`, `subject`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follow_alerts_pending_idx` ON `follow_alerts` (`created_at`) WHERE done_at is null;--> statement-breakpoint
CREATE TABLE `follows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follower_id` text NOT NULL,
	`player_id` text,
	`team_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "follows_one_subject" CHECK((player_id is null) <> (team_id is null)),
	CONSTRAINT "follows_not_self" CHECK(player_id is null or player_id <> follower_id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_player_uq` ON `follows` (`player_id`,`follower_id`) WHERE player_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `follows_team_uq` ON `follows` (`team_id`,`follower_id`) WHERE team_id is not null;--> statement-breakpoint
CREATE INDEX `follows_follower_idx` ON `follows` (`follower_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `bio` text;--> statement-breakpoint
ALTER TABLE `users` ADD `height` text;--> statement-breakpoint
ALTER TABLE `users` ADD `weight` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `divisions` text;--> statement-breakpoint
ALTER TABLE `users` ADD `best_division` text;--> statement-breakpoint
ALTER TABLE `users` ADD `highlight_urls` text;