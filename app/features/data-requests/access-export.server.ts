import type { PersonalData } from "./personal-data.server";

/**
 * The file "Auskunft herunterladen" sends (decision 085): JSON, because Art. 15 (3) DSGVO asks
 * for a copy of the data and Art. 20 for a structured, machine-readable one; a person reads it
 * in any text editor, and the operator can attach it to an e-mail or a letter. The keys stay
 * the same in every language (a program reads them); the title and the notes that explain them
 * come in the admin's language. Internal ids, password hashes and the admins' own notes are left
 * out: they are not the person's data or would only help an attacker.
 */

export type AccessExportMeta = {
  title: string;
  generatedAt: Date;
  controller: { name: string; address: string; email: string };
  privacyPolicyUrl: string;
  notes: string[];
  /** How the log's areas and actions read (the admin's language). */
  auditLabel: (entity: string, action: string) => { area: string; action: string };
};

const euros = (cents: number) => (cents / 100).toFixed(2);

export function accessExportDocument(data: PersonalData, meta: AccessExportMeta) {
  const { account } = data;
  return {
    title: meta.title,
    email: data.email,
    generatedAt: meta.generatedAt.toISOString(),
    controller: meta.controller,
    privacyPolicy: meta.privacyPolicyUrl,
    notes: meta.notes,
    account: account
      ? {
          name: account.name,
          email: account.email,
          registeredAt: account.registeredAt,
          role: account.role,
          addressConfirmed: account.isAddressConfirmed,
          passwordStored: account.hasPassword,
          profile: account.profile,
          activeSessions: account.sessions,
        }
      : null,
    bookings: data.bookings.map((booking) => ({
      number: booking.number,
      property: booking.propertyTitle,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      guests: booking.guests,
      status: booking.status,
      bookedAt: booking.createdAt,
      guestName: booking.guestName,
      guestEmail: booking.guestEmail,
      guestPhone: booking.guestPhone,
      specialRequests: booking.specialRequests,
      paymentMethod: booking.paymentMethod,
      paymentStatus: booking.paymentStatus,
      currency: "EUR",
      total: euros(booking.totalPrice),
      amountPaid: euros(booking.amountPaid),
      amountRefunded: euros(booking.amountRefunded),
      cancellationFee: booking.cancellationFee === null ? null : euros(booking.cancellationFee),
      payments: booking.payments.map((payment) => ({
        receivedOn: payment.receivedOn,
        method: payment.method,
        amount: euros(payment.amount),
      })),
      refunds: booking.refunds.map((refund) => ({
        status: refund.status,
        refundedOn: refund.refundedOn,
        amount: euros(refund.amount),
      })),
      retainedUntil: booking.retainedUntil,
    })),
    contactMessages: data.contactMessages.map((message) => ({
      receivedAt: message.createdAt,
      firstName: message.firstName,
      lastName: message.lastName,
      email: message.email,
      subject: message.subject,
      message: message.message,
      replies: message.replies.map((reply) => ({
        sentAt: reply.createdAt,
        text: reply.text,
        emailStatus: reply.emailStatus,
      })),
    })),
    newsletter: data.newsletter
      ? {
          status: data.newsletter.status,
          signedUpAt: data.newsletter.createdAt,
          confirmedAt: data.newsletter.confirmedAt,
        }
      : null,
    reviews: data.reviews.map((review) => ({
      writtenAt: review.createdAt,
      property: review.propertyTitle,
      rating: review.rating,
      title: review.title,
      text: review.text,
      hidden: review.isHidden,
      ownerReply: review.ownerReply,
    })),
    emails: data.emails.map((email) => ({
      template: email.template,
      recipient: email.isToAddress ? "you" : "operator",
      status: email.status,
      queuedAt: email.createdAt,
      sentAt: email.sentAt,
    })),
    auditLog: data.auditEntries.map((entry) => ({
      at: entry.createdAt,
      ...meta.auditLabel(entry.entity, entry.action),
    })),
  };
}

/** A file name with the address in it, reduced to characters every file system takes. */
export function accessExportFilename(email: string, day: string) {
  const safe = email.replace("@", "-at-").replace(/[^a-z0-9._-]+/g, "_");
  return `datenauskunft-${safe}-${day}.json`;
}
