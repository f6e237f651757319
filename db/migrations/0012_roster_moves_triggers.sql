-- Issue 13: what follows from a roster change, held by the database whichever code path changes the roster (the
-- owner's Remove, an accepted invite, an approved transfer, a team deleted with its rows). ADR 028.

-- D37: an invite lapses when the player joins a team (the accepted one is marked accepted before the row is written).
CREATE TRIGGER `team_members_join_lapses_invites` AFTER INSERT ON `team_members` BEGIN
	UPDATE `team_invites` SET `status` = 'lapsed' WHERE `user_id` = NEW.`user_id` AND `status` = 'pending';
END;--> statement-breakpoint
-- A pending transfer away from a team the player has left has nothing left to decide (an approved one is marked
-- approved before the player's row is deleted).
CREATE TRIGGER `team_members_leave_cancels_transfers` AFTER DELETE ON `team_members` BEGIN
	UPDATE `transfer_requests` SET `status` = 'cancelled'
	WHERE `user_id` = OLD.`user_id` AND `from_team_id` = OLD.`team_id` AND `status` = 'pending';
END;
