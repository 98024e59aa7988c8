import type de from "../de/booking";

const booking: typeof de = {
  placeholder: "",
};

export default booking;
