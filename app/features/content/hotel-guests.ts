/** The four guest options of the form and the number of people each stands for. */
export const GUEST_OPTIONS = [
  { key: "twoAdults", people: 2 },
  { key: "oneAdult", people: 1 },
  { key: "twoAdultsOneChild", people: 3 },
  { key: "twoAdultsTwoChildren", people: 4 },
] as const;
