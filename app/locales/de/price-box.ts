/** German UI texts of the "priceBox" area. */
const priceBox = {
  placeholder: "",
};

export default priceBox;
