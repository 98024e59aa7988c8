/** German UI texts of the "passwordReset" area. */
const passwordReset = {
  placeholder: "",
};

export default passwordReset;
