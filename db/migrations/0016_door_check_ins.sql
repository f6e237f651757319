CREATE TABLE `door_check_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`tournament_id` integer NOT NULL,
	`outcome` text NOT NULL,
	`checked_by` text,
	`client_id` text,
	`offline` integer NOT NULL,
	`scanned_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`checked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `door_check_ins_admitted_uq` ON `door_check_ins` (`ticket_id`) WHERE outcome = 'admitted';--> statement-breakpoint
CREATE INDEX `door_check_ins_outcome_idx` ON `door_check_ins` (`outcome`,`id`);--> statement-breakpoint
CREATE INDEX `door_check_ins_tournament_idx` ON `door_check_ins` (`tournament_id`,`outcome`,`id`);--> statement-breakpoint
CREATE INDEX `tickets_tournament_idx` ON `tickets` (`tournament_id`,`id`);