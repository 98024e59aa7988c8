import { describe, expect, it } from "vitest";
import { fieldErrorsFromIssues } from "~/lib/form";
import { bookingDetailsErrors } from "./booking-details";
import { bookingDetailsSchema, bookingFormSchema } from "./booking.schema";

/**
 * The booking form's checks: each field's first message code, as the server returns it for the
 * submit, and the browser's step-2 check (plain rules without zod, issue 16 point 3) agreeing
 * with it.
 */
function errorsOf(schema: typeof bookingDetailsSchema | typeof bookingFormSchema, input: object) {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
}

const valid = {
  guestName: " Anna Schmidt ",
  guestPhone: "+49 170 1234567",
  checkIn: "2027-07-01",
  checkOut: "2027-07-05",
  guests: "2",
  paymentMethod: "bank-transfer",
  idempotencyKey: "8a6e0804-2bd0-4672-b79a-d59b1a9a8b1e",
};

describe("bookingDetailsSchema", () => {
  it("trims the details and defaults the special requests to empty", () => {
    expect(bookingDetailsSchema.parse(valid)).toEqual({
      guestName: "Anna Schmidt",
      guestPhone: "+49 170 1234567",
      specialRequests: "",
    });
  });

  it("names the first problem of each field", () => {
    expect(errorsOf(bookingDetailsSchema, { guestName: "  ", guestPhone: " " })).toEqual({
      guestName: "booking.errors.nameRequired",
      guestPhone: "booking.errors.phoneRequired",
    });
    expect(
      errorsOf(bookingDetailsSchema, {
        guestName: "x".repeat(201),
        guestPhone: "abc",
        specialRequests: "y".repeat(2001),
      }),
    ).toEqual({
      guestName: "booking.errors.nameTooLong",
      guestPhone: "booking.errors.phoneInvalid",
      specialRequests: "booking.errors.specialRequestsTooLong",
    });
  });
});

describe("bookingFormSchema", () => {
  it("reads a valid submit, guests as a number", () => {
    expect(bookingFormSchema.parse({ ...valid, guests: " 3 " })).toMatchObject({
      guestName: "Anna Schmidt",
      checkIn: "2027-07-01",
      guests: 3,
      paymentMethod: "bank-transfer",
    });
  });

  it("refuses dates, guest counts, payment methods and keys that are not", () => {
    expect(
      errorsOf(bookingFormSchema, {
        ...valid,
        checkIn: "2027-02-30",
        guests: "2.5",
        paymentMethod: "cash",
        idempotencyKey: "nicht",
      }),
    ).toEqual({
      checkIn: "booking.errors.dates",
      guests: "booking.errors.guests",
      paymentMethod: "booking.errors.paymentMethodRequired",
      idempotencyKey: "booking.errors.failed",
    });
    for (const guests of ["", "0", "1001", "zwei"]) {
      expect(errorsOf(bookingFormSchema, { ...valid, guests })).toEqual({
        guests: "booking.errors.guests",
      });
    }
  });
});

describe("the browser's step-2 check", () => {
  it("names the same problem as the server for every detail", () => {
    const names = ["", "  ", "Anna", " Anna ", "x".repeat(200), "x".repeat(201)];
    const phones = ["", " ", "abc", "12", "+49 170 1234567", " 0170 1234567 "];
    const requests = [
      undefined,
      "",
      " bitte ",
      "y".repeat(2000),
      ` ${"y".repeat(2000)} `,
      "y".repeat(2001),
    ];
    for (const guestName of names)
      for (const guestPhone of phones)
        for (const specialRequests of requests) {
          const details = { guestName, guestPhone, specialRequests };
          expect(bookingDetailsErrors(details), JSON.stringify(details)).toEqual(
            errorsOf(bookingDetailsSchema, details),
          );
        }
  });
});
