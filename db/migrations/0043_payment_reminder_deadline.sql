-- Decision 084: the final notice before the automatic cancellation names its deadline, kept
-- with the reminder row; the cancellation waits for the day after it.
ALTER TABLE "payment_reminder" DROP CONSTRAINT "payment_reminder_kind_check";--> statement-breakpoint
ALTER TABLE "payment_reminder" ADD COLUMN "deadline" date;--> statement-breakpoint
ALTER TABLE "payment_reminder" ADD CONSTRAINT "payment_reminder_deadline_check" CHECK (("payment_reminder"."kind" = 'final') = ("payment_reminder"."deadline" is not null));--> statement-breakpoint
ALTER TABLE "payment_reminder" ADD CONSTRAINT "payment_reminder_kind_check" CHECK ("payment_reminder"."kind" in ('upcoming', 'overdue', 'final'));