import type de from "../de/admin-inbox";

/** English UI texts of /admin/nachrichten. */
const adminInbox: typeof de = {
  title: "Messages",
  nav: "Messages",
  unreadBadge_one: "{{count}} unread message",
  unreadBadge_other: "{{count}} unread messages",
  unreadBadgeMore: "More than {{count}} unread messages",
  intro:
    "Messages from the contact form, newest first. Replies go by e-mail from the platform to the sender; their answers reach the company e-mail address.",
  filterLabel: "Filter messages",
  filters: { ungelesen: "Unread", alle: "All", archiv: "Archive" },
  caption: "Messages",
  from: "From",
  subject: "Subject",
  received: "Received",
  status: "Status",
  unread: "Unread",
  read: "Read",
  archived: "Archived",
  replied_one: "{{count}} reply",
  replied_other: "{{count}} replies",
  openLabel: "Open the message from {{name}}: {{subject}}",
  empty: {
    ungelesen: "No unread messages",
    alle: "No messages yet",
    archiv: "No archived messages",
  },
  count_one: "{{count}} message",
  count_other: "{{count}} messages",
  countMore: "More than {{count}} messages",
  pagesLabel: "Pages of the message list",
  back: "Back to the messages",
  email: "E-mail",
  language: "Language",
  languages: { de: "German", en: "English" },
  message: "Message",
  markUnread: "Mark as unread",
  archive: "Archive",
  unarchive: "Restore",
  replies: "Replies sent",
  noReplies: "No reply sent yet.",
  replyBy: "{{name}} on {{date}}",
  replyByUnknown: "Deleted administrator on {{date}}",
  delivery: {
    pending: "E-mail being sent",
    sent: "E-mail sent",
    failed: "E-mail could not be sent",
  },
  replyHeading: "Reply",
  replyLabel: "Your reply",
  replyHint:
    "Goes by e-mail to {{email}} (in {{language}}), quoting the original message. The recipient's answers go to {{companyEmail}}.",
  send: "Send reply",
  sending: "Sending...",
  delete: "Delete",
  deleteTitle: "Delete message",
  deleteConfirm:
    "The message from {{name}} “{{subject}}” will be deleted for good, with all replies and their e-mails. This cannot be undone.",
  deletePending:
    "A reply has not been sent yet: it is deleted with the message and will not be sent.",
  deleteSubmit: "Delete for good",
  cancel: "Cancel",
  notices: {
    replied: "Reply sent.",
    unarchive: "Message restored.",
    deleted: "Message deleted.",
  },
  errors: {
    replyRequired: "Please enter a reply.",
    greetingOnly: "Please write your reply below the salutation.",
    replyTooLong: "The reply may be at most 5,000 characters long.",
    notFound: "Message not found",
    invalid: "Invalid request. Please reload the page.",
    failed: "The action failed. Please try again.",
    loadFailed: "Messages could not be loaded",
    stale:
      "A reply has been added to this message meanwhile. Nothing was deleted; please check the message and delete it again.",
  },
};

export default adminInbox;
