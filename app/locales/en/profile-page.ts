import type de from "../de/profile-page";

const profilePage: typeof de = {
  placeholder: "",
};

export default profilePage;
