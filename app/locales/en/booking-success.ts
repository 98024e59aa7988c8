import type de from "../de/booking-success";

const bookingSuccess: typeof de = {
  placeholder: "",
};

export default bookingSuccess;
