import type de from "../de/my-bookings";

const myBookings: typeof de = {
  placeholder: "",
};

export default myBookings;
