import type de from "../de/profile-page";

const profilePage: typeof de = {
  title: "Profile",
  description: "Your profile picture and your personal details.",
  heading: "My profile",
  intro: "We use these details for your bookings. You can change them at any time.",
  avatar: {
    heading: "Profile picture",
    alt: "Your profile picture",
    none: "No profile picture yet",
    label: "Choose a picture",
    hint: "JPG, PNG or WebP, at most 10 MB. The picture is cropped to a square.",
    submit: "Upload picture",
    uploading: "Uploading...",
    success: "Profile picture updated",
    preview: "Preview – not saved yet",
    previewAlt: "Preview of the chosen picture",
    remove: "Remove",
    removed: "Profile picture removed",
    removeFailed: "The profile picture could not be removed",
  },
  avatarErrors: {
    tooLarge: "The picture may be at most 10 MB.",
    wrongType: "Please choose a JPG, PNG or WebP picture.",
    missing: "Please choose a picture to upload.",
    failed: "The picture could not be uploaded",
  },
  details: {
    heading: "Personal details",
    fullName: "Full name",
    email: "Email",
    emailHint: "The email address cannot be changed here.",
    phone: "Phone",
    phoneHint: "For example +49 170 1234567",
    address: "Address",
    city: "City",
    postalCode: "Postcode",
    country: "Country",
    submit: "Save changes",
    saving: "Saving...",
    saved: "Changes saved successfully",
    failed: "The profile could not be saved",
  },
  errors: {
    nameRequired: "Please enter your full name.",
    nameTooLong: "The name may have at most 200 characters.",
    phoneInvalid:
      "Please enter a valid phone number (6 to 20 digits; +, -, /, brackets and spaces are allowed too).",
    addressTooLong: "The address may have at most 200 characters.",
    cityTooLong: "The city may have at most 100 characters.",
    postalCodeTooLong: "The postcode may have at most 20 characters.",
    countryTooLong: "The country may have at most 100 characters.",
  },
};

export default profilePage;
