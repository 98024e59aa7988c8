/** German UI texts of the "property" area. */
const property = {
  placeholder: "",
};

export default property;
