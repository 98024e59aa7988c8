/** German UI texts of the "accountSettings" area. */
const accountSettings = {
  placeholder: "",
};

export default accountSettings;
