import type de from "../de/account-settings";

const accountSettings: typeof de = {
  title: "Settings",
  metaDescription: "Manage notifications, password, active sessions and your account.",
  notificationsHeading: "Notifications",
  emailNotifications: "E-mail notifications",
  emailNotificationsHint:
    "Optional e-mails you can turn off: currently the copy of your message when you use our contact form while signed in. E-mails about your bookings, payments and account are always sent.",
  marketingEmails: "Marketing e-mails",
  marketingEmailsHint:
    "Our newsletter with offers and travel ideas, to your account address. After turning it on you get an e-mail with a confirmation link; you are subscribed only once you confirm. Turning it off unsubscribes you at once.",
  marketingEmailsHintUnproven:
    "Our newsletter with offers and travel ideas, to your account address. After turning it on you get an e-mail with a confirmation link; you are subscribed only once you confirm. You can unsubscribe at any time with the link in every newsletter e-mail.",
  marketingOffUnproven:
    "Your e-mail address is not confirmed with us, so we do not change an existing newsletter subscription here. You can unsubscribe at any time with the link in every newsletter e-mail.",
  marketingPending:
    "Confirmation pending: please confirm the subscription with the link in the e-mail to {{email}}. The link is valid for 7 days.",
  marketingConfirmSent:
    "Please confirm your subscription with the link in the e-mail we sent to {{email}}.",
  marketingUnsubscribed: "You are unsubscribed from the newsletter.",
  marketingTooMany: "Too many sign-up attempts. Please wait a moment and try again.",
  addressUnproven:
    "Your e-mail address {{email}} is not confirmed yet. Confirm it with a link we send you: then “Marketing e-mails” shows your newsletter subscription, and turning it off unsubscribes you at once.",
  sendAddressConfirmation: "Send confirmation e-mail",
  addressConfirmationSent:
    "We have sent an e-mail to {{email}}. Open its link within 24 hours and confirm, signed in to this account. Only the link of the newest e-mail works.",
  addressConfirmationTooMany:
    "You have already asked for several confirmation e-mails. Please check your inbox (and the spam folder) or try again later.",
  addressAlreadyProven: "Your e-mail address is already confirmed.",
  addressConfirmationFailed: "The confirmation e-mail could not be sent. Please try again later.",
  addressConfirmed:
    "Your e-mail address is confirmed. “Marketing e-mails” now shows your newsletter subscription; turning it off unsubscribes you at once.",
  confirmAddress: {
    title: "Confirm e-mail address",
    metaDescription: "Confirm the e-mail address of your account.",
    intro:
      "Confirm that {{email}} is your e-mail address. Then you see and end your newsletter subscription in your settings.",
    button: "Confirm e-mail address",
    signIn:
      "Please sign in to the account you asked for this confirmation for. You then come back here and confirm.",
    signInButton: "Sign in",
    otherAccount:
      "This link belongs to another account. Please sign out and sign in to the account you asked for the confirmation for.",
    invalid:
      "This confirmation link is invalid, has expired or has been used already. You can ask for a new confirmation e-mail in your settings.",
    toSettings: "Go to settings",
  },
  saveNotifications: "Save notifications",
  notificationsSaved: "Settings saved",
  notificationsFailed: "Settings could not be saved",
  passwordHeading: "Change password",
  currentPassword: "Current password",
  newPassword: "New password",
  confirmPassword: "Confirm new password",
  passwordHint: "At least 8 characters",
  changePassword: "Change password",
  passwordChanged: "Password changed successfully",
  otherSessionsEndedHint: "All other sessions have been ended.",
  changeFailed: "Error while changing the password",
  newPasswordTooShort: "The new password must be at least 8 characters long",
  newPasswordTooLong: "The new password must be at most 128 characters long",
  passwordMismatch: "The passwords do not match",
  wrongCurrentPassword: "The current password is wrong",
  // Password change and deletion share the sign-in limits (decision 013).
  tooManyAttempts: "Too many attempts. Please wait a moment and try again.",
  sessionsHeading: "Active sessions",
  sessionsIntro: "Devices you are signed in on.",
  thisDevice: "This device",
  unknownBrowser: "Unknown browser",
  unknownOs: "unknown system",
  browserOnOs: "{{browser}} on {{os}}",
  lastActiveToday: "Last active: today",
  lastActiveYesterday: "Last active: yesterday",
  lastActiveDaysAgo: "Last active: {{count}} days ago",
  signOutSession: "Sign out",
  signOutSessionLabel: "Sign out session {{device}}",
  signOutOthers: "End all other sessions",
  sessionEnded: "The session has been ended.",
  otherSessionsEnded: "All other sessions have been ended.",
  sessionNotFound: "This session was not found.",
  noOtherSessions: "You are not signed in on any other device.",
  deleteHeading: "Delete account",
  deleteIntro:
    "Your account and your personal data will be deleted. Bookings we must keep for accounting stay without your personal data; your reviews stay visible without your name. This cannot be undone.",
  deletePassword: "Password to confirm",
  deleteAccount: "Delete account permanently",
  wrongPassword: "The password is wrong",
  upcomingBookings: "Please cancel your upcoming bookings first.",
  lastAdmin:
    "The last administrator cannot delete their account. Make another account an administrator first.",
  deleteFailed: "The account could not be deleted. Please try again later.",
};

export default accountSettings;
