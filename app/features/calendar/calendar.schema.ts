import { z } from "zod";
import { isCalendarDay } from "~/domain/calendar-day";

/** Why nights are blocked (spec/10 "Select a free range on a row: create a block"). */
export const BLOCK_REASONS = ["own-use", "maintenance", "other"] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

/** The channels a feed can come from; an imported event is never exported back to its own. */
export const FEED_CHANNELS = ["airbnb", "booking-com", "vrbo", "other"] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];

/** The longest block an admin can set in one go (two years): longer is a typo, not a plan. */
export const MAX_BLOCK_NIGHTS = 731;

const day = z
  .string()
  .default("")
  .refine((value) => isCalendarDay(value), "invalidDate");

/** A block as the admin's form sends it: Beginn (first night), Ende (departure day), reason. */
export const blockFormSchema = z
  .object({
    checkIn: day,
    checkOut: day,
    reason: z.enum(BLOCK_REASONS, { error: "required" }),
    note: z
      .string()
      .default("")
      .transform((value) => value.trim())
      .pipe(z.string().max(500, "tooLong")),
  })
  .refine((value) => value.checkOut > value.checkIn, {
    path: ["checkOut"],
    message: "checkOutBeforeCheckIn",
  });
export type BlockInput = z.output<typeof blockFormSchema>;

/** An imported calendar: a name, its URL (http or https only), the channel, the end switch. */
export const feedFormSchema = z.object({
  name: z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(z.string().min(1, "required").max(80, "tooLong")),
  url: z
    .string()
    .default("")
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, "required")
        .max(2000, "tooLong")
        .refine((value) => {
          try {
            const url = new URL(value);
            return (url.protocol === "http:" || url.protocol === "https:") && !url.username;
          } catch {
            return false;
          }
        }, "invalidUrl"),
    ),
  channel: z.enum(FEED_CHANNELS, { error: "required" }),
  isEndLastNight: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type FeedInput = z.output<typeof feedFormSchema>;
