CREATE TABLE `team_entry_members` (
	`registration_id` integer NOT NULL,
	`tournament_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`position` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`registration_id`, `user_id`),
	FOREIGN KEY (`registration_id`) REFERENCES `tournament_registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_entry_members_tournament_user_idx` ON `team_entry_members` (`tournament_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `team_entry_members_user_idx` ON `team_entry_members` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `team_wins` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `team_losses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournament_registrations` ADD `team_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_tournament_team_uq` ON `tournament_registrations` (`tournament_id`,`team_id`) WHERE team_id is not null;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `max_teams` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `team_size` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `champion_team_id` integer;--> statement-breakpoint
ALTER TABLE `entrants` ADD `counted_championship` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- D22, D38: a team tournament (max_teams set) takes at least 2 teams of at least 2 players; a solo one has team size 1.
-- The host form and the admin manager validate the same; these keep any other writer (the seed, a script) honest.
CREATE TRIGGER `tournaments_team_shape_insert` BEFORE INSERT ON `tournaments`
WHEN (NEW.max_teams IS NOT NULL AND (NEW.max_teams < 2 OR NEW.team_size < 2)) OR (NEW.max_teams IS NULL AND NEW.team_size <> 1)
BEGIN
  SELECT RAISE(ABORT, 'A team tournament needs maxTeams and a team size of at least 2; a solo tournament has team size 1');
END;--> statement-breakpoint
CREATE TRIGGER `tournaments_team_shape_update` BEFORE UPDATE OF `max_teams`, `team_size` ON `tournaments`
WHEN (NEW.max_teams IS NOT NULL AND (NEW.max_teams < 2 OR NEW.team_size < 2)) OR (NEW.max_teams IS NULL AND NEW.team_size <> 1)
BEGIN
  SELECT RAISE(ABORT, 'A team tournament needs maxTeams and a team size of at least 2; a solo tournament has team size 1');
END;
