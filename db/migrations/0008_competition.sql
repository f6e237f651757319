CREATE TABLE `entrants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`user_id` text,
	`team_id` integer,
	`registration_id` integer,
	`name` text NOT NULL,
	`seed` integer NOT NULL,
	`withdrawn_at` integer,
	`counted_wins` integer DEFAULT 0 NOT NULL,
	`counted_losses` integer DEFAULT 0 NOT NULL,
	`counted_games` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entrants_tournament_seed_uq` ON `entrants` (`tournament_id`,`seed`);--> statement-breakpoint
CREATE UNIQUE INDEX `entrants_tournament_user_uq` ON `entrants` (`tournament_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `entrants_user_idx` ON `entrants` (`user_id`);--> statement-breakpoint
CREATE TABLE `final_standings` (
	`tournament_id` integer PRIMARY KEY NOT NULL,
	`winner_id` integer,
	`runner_up_id` integer,
	`third_place_id` integer,
	`fourth_place_id` integer,
	`mvp_user_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`winner_id`) REFERENCES `entrants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`runner_up_id`) REFERENCES `entrants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`third_place_id`) REFERENCES `entrants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`fourth_place_id`) REFERENCES `entrants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`mvp_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `match_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`match_key` text,
	`match_number` integer,
	`action` text NOT NULL,
	`actor_id` text,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `match_history_tournament_idx` ON `match_history` (`tournament_id`,`id`);--> statement-breakpoint
CREATE TABLE `matches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`key` text NOT NULL,
	`stage` text NOT NULL,
	`group_number` integer DEFAULT 0 NOT NULL,
	`round` integer NOT NULL,
	`number` integer NOT NULL,
	`best_of` integer NOT NULL,
	`entrant_a_id` integer,
	`entrant_b_id` integer,
	`score_a` integer,
	`score_b` integer,
	`winner_id` integer,
	`status` text DEFAULT 'upcoming' NOT NULL,
	`forfeit` integer DEFAULT false NOT NULL,
	`start_time` integer,
	`completed_at` integer,
	`result_seq` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entrant_a_id`) REFERENCES `entrants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`entrant_b_id`) REFERENCES `entrants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`winner_id`) REFERENCES `entrants`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `matches_tournament_key_uq` ON `matches` (`tournament_id`,`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `matches_tournament_number_uq` ON `matches` (`tournament_id`,`number`);--> statement-breakpoint
CREATE INDEX `matches_entrant_a_idx` ON `matches` (`entrant_a_id`);--> statement-breakpoint
CREATE INDEX `matches_entrant_b_idx` ON `matches` (`entrant_b_id`);--> statement-breakpoint
CREATE TABLE `mvp_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`voter_id` text NOT NULL,
	`player_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`voter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mvp_votes_tournament_voter_uq` ON `mvp_votes` (`tournament_id`,`voter_id`);--> statement-breakpoint
CREATE INDEX `mvp_votes_tournament_player_idx` ON `mvp_votes` (`tournament_id`,`player_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`place` integer NOT NULL,
	`kind` text DEFAULT 'payout' NOT NULL,
	`user_id` text NOT NULL,
	`amount_dollars` integer NOT NULL,
	`status` text DEFAULT 'owed' NOT NULL,
	`paid_at` integer,
	`reference` text,
	`adjusts_payout_id` integer,
	`decided_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_live_place_uq` ON `payouts` (`tournament_id`,`place`) WHERE "payouts"."kind" = 'payout' AND "payouts"."status" != 'void';--> statement-breakpoint
CREATE INDEX `payouts_user_idx` ON `payouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_tournament_idx` ON `payouts` (`tournament_id`,`place`);--> statement-breakpoint
CREATE TABLE `points_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`tournament_id` integer NOT NULL,
	`reason` text NOT NULL,
	`points` integer NOT NULL,
	`team_size` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `points_ledger_tournament_user_idx` ON `points_ledger` (`tournament_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `points_ledger_user_idx` ON `points_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`tournament_id` integer,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_refund_id` text,
	`reason` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_paymentId_unique` ON `refunds` (`payment_id`);--> statement-breakpoint
CREATE INDEX `refunds_status_idx` ON `refunds` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `tournaments` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `completed_at` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `cancellation_reason` text;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `start_reminder_sent_at` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `bracket_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- D20 and D38: the match history and the points ledger are append-only; a correction writes new rows.
CREATE TRIGGER `match_history_no_update` BEFORE UPDATE ON `match_history`
BEGIN
  SELECT RAISE(ABORT, 'The match history is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `match_history_no_delete` BEFORE DELETE ON `match_history`
BEGIN
  SELECT RAISE(ABORT, 'The match history is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_no_update` BEFORE UPDATE ON `points_ledger`
BEGIN
  SELECT RAISE(ABORT, 'The points ledger is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_no_delete` BEFORE DELETE ON `points_ledger`
BEGIN
  SELECT RAISE(ABORT, 'The points ledger is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `match_history_no_replace` BEFORE INSERT ON `match_history`
WHEN EXISTS (SELECT 1 FROM `match_history` WHERE `id` = NEW.`id`)
BEGIN
  SELECT RAISE(ABORT, 'The match history is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `points_ledger_no_replace` BEFORE INSERT ON `points_ledger`
WHEN EXISTS (SELECT 1 FROM `points_ledger` WHERE `id` = NEW.`id`)
BEGIN
  SELECT RAISE(ABORT, 'The points ledger is append-only');
END;
