/** German UI texts of the "profilePage" area. */
const profilePage = {
  placeholder: "",
};

export default profilePage;
