/** German UI texts of the "search" area. */
const search = {
  placeholder: "",
};

export default search;
