/** German UI texts of the "bookingSuccess" area. */
const bookingSuccess = {
  placeholder: "",
};

export default bookingSuccess;
