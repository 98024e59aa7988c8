/** German UI texts of the "myBookings" area. */
const myBookings = {
  placeholder: "",
};

export default myBookings;
