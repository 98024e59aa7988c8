/** German UI texts of the "booking" area. */
const booking = {
  placeholder: "",
};

export default booking;
