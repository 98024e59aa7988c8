import "~/locales/admin-texts";
import { data } from "react-router";
import { todayInBerlin } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  blockPropertyId,
  createBlock,
  deleteBlock,
  updateBlock,
} from "~/features/calendar/blocks.server";
import { blockFormSchema } from "~/features/calendar/calendar.schema";
import {
  OccupancyPlanPage,
  type PlanActionData,
} from "~/features/calendar/components/occupancy-plan-page";
import { parsePlanQuery } from "~/features/calendar/occupancy-plan";
import { loadOccupancyPlan, planFilterOptions } from "~/features/calendar/occupancy-plan.server";
import { fieldErrorsFromIssues } from "~/lib/form";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/occupancy-plan";

/**
 * /admin/kalender, the Belegungsplan (spec/10, issue 18 point 2, decision 050): every property
 * as a row, the nights of two weeks, a month or three months as columns. The loader reads all
 * rows in one statement; the action creates, changes and removes blocks through the functions of
 * blocks.server.ts, which refuse overlaps in the database and audit in the same transaction.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const today = todayInBerlin();
  const query = parsePlanQuery(new URL(request.url).searchParams, today);
  const [plan, options] = await Promise.all([
    loadOccupancyPlan({
      from: query.from,
      days: query.days,
      propertyId: query.propertyId,
      location: query.location,
    }),
    planFilterOptions(),
  ]);
  return { today, query, ...plan, options };
}

export function meta() {
  return [{ title: "Belegungsplan" }];
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired({ intent: "block" });
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const refuse = (error: string, status: number, extra: object = {}) =>
    data({ ok: false, intent, error, ...extra } satisfies PlanActionData, { status });

  if (intent === "createBlock" || intent === "updateBlock") {
    const propertyId = String(form.get("propertyId") ?? "");
    const fieldErrors: Record<string, string> = {};
    if (intent === "createBlock" && !isUuid(propertyId)) fieldErrors.propertyId = "property";
    if (intent === "updateBlock" && !(await blockPropertyId(id))) return refuse("notFound", 404);
    const parsed = blockFormSchema.safeParse({
      checkIn: text(form, "checkIn"),
      checkOut: text(form, "checkOut"),
      reason: text(form, "reason"),
      note: text(form, "note"),
    });
    if (!parsed.success) Object.assign(fieldErrors, fieldErrorsFromIssues(parsed.error.issues));
    if (!parsed.success || Object.keys(fieldErrors).length > 0) {
      return refuse("invalid", 400, {
        fieldErrors,
        blockId: intent === "updateBlock" ? id : undefined,
      });
    }
    const result =
      intent === "createBlock"
        ? await createBlock({ actor: admin, propertyId, input: parsed.data })
        : await updateBlock({ actor: admin, blockId: id, input: parsed.data });
    if (!result.ok) {
      const status = result.error === "notFound" ? 404 : result.error === "failed" ? 503 : 409;
      return refuse(result.error, status, { blockId: intent === "updateBlock" ? id : undefined });
    }
    return {
      ok: true,
      intent,
      at: Date.now(),
      blockId: result.id,
      message: t(
        intent === "createBlock" ? "adminCalendar.blocks.created" : "adminCalendar.blocks.updated",
      ),
    } satisfies PlanActionData;
  }
  if (intent === "deleteBlock") {
    const result = await deleteBlock({ actor: admin, blockId: id });
    if (!result.ok) return refuse(result.error, result.error === "notFound" ? 404 : 503);
    // The removed block's details close by themselves: the block is no longer in the rows.
    return {
      ok: true,
      intent,
      at: Date.now(),
      message: t("adminCalendar.blocks.removed"),
    } satisfies PlanActionData;
  }
  return refuse("invalid", 400);
}

export default function OccupancyPlanRoute({
  loaderData,
  actionData: answer,
}: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  return <OccupancyPlanPage loaderData={loaderData} actionData={actionData as PlanActionData} />;
}
