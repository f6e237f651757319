CREATE TABLE `championship_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`image_url` text NOT NULL,
	`added_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `championship_photos_tournament_idx` ON `championship_photos` (`tournament_id`,`id`);--> statement-breakpoint
CREATE INDEX `championship_photos_image_idx` ON `championship_photos` (`image_url`);--> statement-breakpoint
CREATE TABLE `leaderboard_points` (
	`user_id` text NOT NULL,
	`division` text NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `division`)
);
--> statement-breakpoint
CREATE INDEX `leaderboard_points_rank_idx` ON `leaderboard_points` (`division`,`points`,`user_id`);--> statement-breakpoint
CREATE INDEX `leaderboard_points_wins_idx` ON `leaderboard_points` (`division`,`wins`,`user_id`);--> statement-breakpoint
ALTER TABLE `tournaments` ADD `replay_video_url` text;--> statement-breakpoint
CREATE INDEX `users_role_wins_idx` ON `users` (`role`,`wins`,`id`);--> statement-breakpoint
CREATE INDEX `users_role_sport_wins_idx` ON `users` (`role`,`sport`,`wins`,`id`);--> statement-breakpoint
CREATE INDEX `teams_wins_idx` ON `teams` (`wins`,`id`);--> statement-breakpoint
-- D38: a member's points per leaderboard division, kept from the append-only ledger (1v1, 3v3, 5v5 by team size; Team
-- for any team tournament). `wins` mirrors users.wins so a division's Player Wins tab is an index range.
CREATE TRIGGER `points_ledger_leaderboard` AFTER INSERT ON `points_ledger` WHEN NEW.`team_size` IN (1, 3, 5) BEGIN
	INSERT INTO `leaderboard_points` (`user_id`, `division`, `points`, `wins`)
	VALUES (NEW.`user_id`, CASE NEW.`team_size` WHEN 1 THEN '1v1' WHEN 3 THEN '3v3' ELSE '5v5' END, NEW.`points`,
		coalesce((SELECT `wins` FROM `users` WHERE `id` = NEW.`user_id`), 0))
	ON CONFLICT (`user_id`, `division`) DO UPDATE SET `points` = `points` + excluded.`points`;
END;--> statement-breakpoint
CREATE TRIGGER `points_ledger_leaderboard_team` AFTER INSERT ON `points_ledger` WHEN NEW.`team_size` > 1 BEGIN
	INSERT INTO `leaderboard_points` (`user_id`, `division`, `points`, `wins`)
	VALUES (NEW.`user_id`, 'Team', NEW.`points`, coalesce((SELECT `wins` FROM `users` WHERE `id` = NEW.`user_id`), 0))
	ON CONFLICT (`user_id`, `division`) DO UPDATE SET `points` = `points` + excluded.`points`;
END;--> statement-breakpoint
CREATE TRIGGER `users_leaderboard_wins` AFTER UPDATE OF `wins` ON `users` WHEN NEW.`wins` IS NOT OLD.`wins` BEGIN
	UPDATE `leaderboard_points` SET `wins` = NEW.`wins` WHERE `user_id` = NEW.`id`;
END;--> statement-breakpoint
INSERT INTO `leaderboard_points` (`user_id`, `division`, `points`, `wins`)
SELECT l.`user_id`, CASE l.`team_size` WHEN 1 THEN '1v1' WHEN 3 THEN '3v3' ELSE '5v5' END, sum(l.`points`),
	coalesce((SELECT `wins` FROM `users` WHERE `id` = l.`user_id`), 0)
FROM `points_ledger` l WHERE l.`team_size` IN (1, 3, 5) GROUP BY l.`user_id`, l.`team_size`;--> statement-breakpoint
INSERT INTO `leaderboard_points` (`user_id`, `division`, `points`, `wins`)
SELECT l.`user_id`, 'Team', sum(l.`points`), coalesce((SELECT `wins` FROM `users` WHERE `id` = l.`user_id`), 0)
FROM `points_ledger` l WHERE l.`team_size` > 1 GROUP BY l.`user_id`;--> statement-breakpoint
-- D30: full-text search (FTS5; words matched by their beginnings from two letters, any case, accents folded).
-- Members: users has a text key, so each member gets a stable integer row here (VACUUM may renumber a rowid table's
-- implicit rowids, never an INTEGER PRIMARY KEY) and members_fts keeps its own copy of the words.
CREATE TABLE `member_search_rows` (
	`rowid` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL UNIQUE
);--> statement-breakpoint
CREATE VIRTUAL TABLE `members_fts` USING fts5(
	`name`, `city`, `state`, `sport`, `tagline`,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO `member_search_rows` (`user_id`) VALUES (NEW.`id`);
	INSERT INTO `members_fts` (`rowid`, `name`, `city`, `state`, `sport`, `tagline`)
	VALUES ((SELECT `rowid` FROM `member_search_rows` WHERE `user_id` = NEW.`id`),
		NEW.`first_name` || ' ' || NEW.`last_name`, NEW.`city`, NEW.`state`, NEW.`sport`, NEW.`tagline`);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `first_name`, `last_name`, `city`, `state`, `sport`, `tagline` ON `users` BEGIN
	UPDATE `members_fts` SET `name` = NEW.`first_name` || ' ' || NEW.`last_name`, `city` = NEW.`city`,
		`state` = NEW.`state`, `sport` = NEW.`sport`, `tagline` = NEW.`tagline`
	WHERE `rowid` = (SELECT `rowid` FROM `member_search_rows` WHERE `user_id` = NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
	DELETE FROM `members_fts` WHERE `rowid` = (SELECT `rowid` FROM `member_search_rows` WHERE `user_id` = OLD.`id`);
	DELETE FROM `member_search_rows` WHERE `user_id` = OLD.`id`;
	DELETE FROM `leaderboard_points` WHERE `user_id` = OLD.`id`;
END;--> statement-breakpoint
INSERT INTO `member_search_rows` (`user_id`) SELECT `id` FROM `users` ORDER BY `created_at`, `id`;--> statement-breakpoint
INSERT INTO `members_fts` (`rowid`, `name`, `city`, `state`, `sport`, `tagline`)
SELECT r.`rowid`, u.`first_name` || ' ' || u.`last_name`, u.`city`, u.`state`, u.`sport`, u.`tagline`
FROM `member_search_rows` r JOIN `users` u ON u.`id` = r.`user_id`;--> statement-breakpoint
-- Teams and tournaments have integer keys: their indexes read the words from the table itself (external content).
CREATE VIRTUAL TABLE `teams_fts` USING fts5(
	`name`, `tagline`, `motto`, content = 'teams', content_rowid = 'id',
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);--> statement-breakpoint
CREATE TRIGGER `teams_search_insert` AFTER INSERT ON `teams` BEGIN
	INSERT INTO `teams_fts` (`rowid`, `name`, `tagline`, `motto`) VALUES (NEW.`id`, NEW.`name`, NEW.`tagline`, NEW.`motto`);
END;--> statement-breakpoint
CREATE TRIGGER `teams_search_update` AFTER UPDATE OF `name`, `tagline`, `motto` ON `teams` BEGIN
	INSERT INTO `teams_fts` (`teams_fts`, `rowid`, `name`, `tagline`, `motto`) VALUES ('delete', OLD.`id`, OLD.`name`, OLD.`tagline`, OLD.`motto`);
	INSERT INTO `teams_fts` (`rowid`, `name`, `tagline`, `motto`) VALUES (NEW.`id`, NEW.`name`, NEW.`tagline`, NEW.`motto`);
END;--> statement-breakpoint
CREATE TRIGGER `teams_search_delete` AFTER DELETE ON `teams` BEGIN
	INSERT INTO `teams_fts` (`teams_fts`, `rowid`, `name`, `tagline`, `motto`) VALUES ('delete', OLD.`id`, OLD.`name`, OLD.`tagline`, OLD.`motto`);
END;--> statement-breakpoint
INSERT INTO `teams_fts` (`teams_fts`) VALUES ('rebuild');--> statement-breakpoint
CREATE VIRTUAL TABLE `tournaments_fts` USING fts5(
	`title`, `location`, `description`, `division`, content = 'tournaments', content_rowid = 'id',
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);--> statement-breakpoint
CREATE TRIGGER `tournaments_search_insert` AFTER INSERT ON `tournaments` BEGIN
	INSERT INTO `tournaments_fts` (`rowid`, `title`, `location`, `description`, `division`)
	VALUES (NEW.`id`, NEW.`title`, NEW.`location`, NEW.`description`, NEW.`division`);
END;--> statement-breakpoint
CREATE TRIGGER `tournaments_search_update` AFTER UPDATE OF `title`, `location`, `description`, `division` ON `tournaments` BEGIN
	INSERT INTO `tournaments_fts` (`tournaments_fts`, `rowid`, `title`, `location`, `description`, `division`)
	VALUES ('delete', OLD.`id`, OLD.`title`, OLD.`location`, OLD.`description`, OLD.`division`);
	INSERT INTO `tournaments_fts` (`rowid`, `title`, `location`, `description`, `division`)
	VALUES (NEW.`id`, NEW.`title`, NEW.`location`, NEW.`description`, NEW.`division`);
END;--> statement-breakpoint
CREATE TRIGGER `tournaments_search_delete` AFTER DELETE ON `tournaments` BEGIN
	INSERT INTO `tournaments_fts` (`tournaments_fts`, `rowid`, `title`, `location`, `description`, `division`)
	VALUES ('delete', OLD.`id`, OLD.`title`, OLD.`location`, OLD.`description`, OLD.`division`);
END;--> statement-breakpoint
INSERT INTO `tournaments_fts` (`tournaments_fts`) VALUES ('rebuild');
