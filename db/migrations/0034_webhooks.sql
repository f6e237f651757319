CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`endpoint_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`first_attempt_at` integer,
	`last_attempt_at` integer,
	`response_status` integer,
	`response_body` text,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `webhook_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` text NOT NULL,
	`tournament_id` integer,
	`url` text NOT NULL,
	`secret` text NOT NULL,
	`events` text NOT NULL,
	`created_at` integer NOT NULL,
	`failing_since` integer,
	`disabled_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_tournament_idx` ON `webhook_endpoints` (`tournament_id`);--> statement-breakpoint
CREATE INDEX `webhook_endpoints_owner_idx` ON `webhook_endpoints` (`owner_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`sequence` integer NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_tournament_sequence_uq` ON `webhook_events` (`tournament_id`,`sequence`);--> statement-breakpoint
CREATE TRIGGER `webhook_events_fan_out` AFTER INSERT ON `webhook_events` BEGIN
	INSERT INTO `webhook_deliveries` (`endpoint_id`, `event_id`, `status`, `attempts`, `next_attempt_at`)
	SELECT e.`id`, NEW.`id`, 'pending', 0, 0 FROM `webhook_endpoints` e
	WHERE (e.`tournament_id` = NEW.`tournament_id` OR e.`tournament_id` IS NULL) AND e.`disabled_at` IS NULL
		AND instr(' ' || e.`events` || ' ', ' ' || NEW.`type` || ' ') > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `tournaments_webhook_status` AFTER UPDATE OF `status` ON `tournaments`
WHEN OLD.`status` IS NOT NEW.`status` AND NEW.`status` IN ('live', 'completed', 'cancelled')
	AND EXISTS (SELECT 1 FROM `webhook_endpoints` e WHERE (e.`tournament_id` = NEW.`id` OR e.`tournament_id` IS NULL) AND e.`disabled_at` IS NULL)
BEGIN
	INSERT INTO `webhook_events` (`tournament_id`, `sequence`, `type`, `data`, `created_at`) VALUES (
		NEW.`id`,
		(SELECT coalesce(max(`sequence`), 0) + 1 FROM `webhook_events` WHERE `tournament_id` = NEW.`id`),
		CASE NEW.`status` WHEN 'live' THEN 'tournament.started' WHEN 'completed' THEN 'tournament.completed' ELSE 'tournament.cancelled' END,
		json_object('tournament', json_object(
			'id', NEW.`id`, 'title', NEW.`title`, 'status', NEW.`status`,
			'startDate', strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`start_date` / 1000.0, 'unixepoch'),
			'cancellationReason', NEW.`cancellation_reason`)),
		CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `matches_webhook_called` AFTER UPDATE OF `called_at` ON `matches`
WHEN NEW.`called_at` IS NOT NULL AND OLD.`called_at` IS NOT NEW.`called_at`
	AND EXISTS (SELECT 1 FROM `webhook_endpoints` e WHERE (e.`tournament_id` = NEW.`tournament_id` OR e.`tournament_id` IS NULL) AND e.`disabled_at` IS NULL)
BEGIN
	INSERT INTO `webhook_events` (`tournament_id`, `sequence`, `type`, `data`, `created_at`) VALUES (
		NEW.`tournament_id`,
		(SELECT coalesce(max(`sequence`), 0) + 1 FROM `webhook_events` WHERE `tournament_id` = NEW.`tournament_id`),
		'match.called',
		json_object('match', json_object(
			'id', NEW.`id`, 'matchNumber', NEW.`number`, 'round', NEW.`round`, 'stage', NEW.`stage`, 'group', NEW.`group_number`,
			'status', NEW.`status`, 'court', NEW.`court`,
			'calledAt', strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`called_at` / 1000.0, 'unixepoch'),
			'teamA', json(CASE WHEN NEW.`entrant_a_id` IS NULL THEN NULL ELSE json_object('id', NEW.`entrant_a_id`, 'name', (SELECT `name` FROM `entrants` WHERE `id` = NEW.`entrant_a_id`), 'score', NEW.`score_a`) END),
			'teamB', json(CASE WHEN NEW.`entrant_b_id` IS NULL THEN NULL ELSE json_object('id', NEW.`entrant_b_id`, 'name', (SELECT `name` FROM `entrants` WHERE `id` = NEW.`entrant_b_id`), 'score', NEW.`score_b`) END),
			'winnerId', NEW.`winner_id`)),
		CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `matches_webhook_result` AFTER UPDATE OF `status`, `score_a`, `score_b`, `winner_id` ON `matches`
WHEN NEW.`status` = 'completed' AND (OLD.`status` IS NOT 'completed'
		OR OLD.`score_a` IS NOT NEW.`score_a` OR OLD.`score_b` IS NOT NEW.`score_b` OR OLD.`winner_id` IS NOT NEW.`winner_id`)
	AND EXISTS (SELECT 1 FROM `webhook_endpoints` e WHERE (e.`tournament_id` = NEW.`tournament_id` OR e.`tournament_id` IS NULL) AND e.`disabled_at` IS NULL)
BEGIN
	INSERT INTO `webhook_events` (`tournament_id`, `sequence`, `type`, `data`, `created_at`) VALUES (
		NEW.`tournament_id`,
		(SELECT coalesce(max(`sequence`), 0) + 1 FROM `webhook_events` WHERE `tournament_id` = NEW.`tournament_id`),
		CASE WHEN OLD.`status` = 'completed' THEN 'match.corrected' ELSE 'match.completed' END,
		json_object('match', json_object(
			'id', NEW.`id`, 'matchNumber', NEW.`number`, 'round', NEW.`round`, 'stage', NEW.`stage`, 'group', NEW.`group_number`,
			'status', NEW.`status`, 'court', NEW.`court`, 'forfeit', json(CASE WHEN NEW.`forfeit` THEN 'true' ELSE 'false' END),
			'completedAt', strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`completed_at` / 1000.0, 'unixepoch'),
			'teamA', json(CASE WHEN NEW.`entrant_a_id` IS NULL THEN NULL ELSE json_object('id', NEW.`entrant_a_id`, 'name', (SELECT `name` FROM `entrants` WHERE `id` = NEW.`entrant_a_id`), 'score', NEW.`score_a`) END),
			'teamB', json(CASE WHEN NEW.`entrant_b_id` IS NULL THEN NULL ELSE json_object('id', NEW.`entrant_b_id`, 'name', (SELECT `name` FROM `entrants` WHERE `id` = NEW.`entrant_b_id`), 'score', NEW.`score_b`) END),
			'winnerId', NEW.`winner_id`)),
		CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;
