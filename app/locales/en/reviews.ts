import type de from "../de/reviews";

const reviews: typeof de = {
  summaryLabel: "Overall rating",
  average: "Average",
  outOfFive: "out of 5",
  stars: "{{rating}} out of 5 stars",
  count_one: "{{count}} review",
  count_other: "{{count}} reviews",
  distribution: "Rating distribution",
  distributionRow_one: "{{stars}} star: {{count}}",
  distributionRow_other: "{{stars}} stars: {{count}}",
  empty: "No reviews yet",
  write: "Write a review",
  listLabel: "Reviews from our guests",
  verified: "Verified stay",
  deletedUser: "Deleted user",
  guest: "Guest",
  stayedAt: "Stayed at",
  helpful: "Helpful ({{count}})",
  helpfulSignIn: "sign in to vote",
  helpfulOwn: "Your own review",
  helpfulVoted: "You found this review helpful.",
  sortLabel: "Sort by",
  sort: { newest: "Newest", best: "Best rating", helpful: "Most helpful" },
  pagination: "Pages",
  previous: "Previous",
  next: "Next",
  pageOf: "Page {{page}} of {{pages}}",
  hiddenSummary_one: "{{count}} review is currently hidden. Reason: violation of the guidelines.",
  hiddenSummary_other:
    "{{count}} reviews are currently hidden. Reason: violation of the guidelines.",
  vote: {
    counted: "Thank you! Your vote has been counted.",
    alreadyVoted: "You have already marked this review as helpful.",
    ownReview: "You cannot mark your own review as helpful.",
    notFound: "This review is no longer available.",
    invalid: "Invalid request. Please reload the page.",
    failed: "Your vote could not be saved. Please try again later.",
  },
};

export default reviews;
