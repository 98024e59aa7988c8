import type de from "../de/property-images";

/** English texts of the property form's image uploader. */
const propertyImages: typeof de = {
  label: "Photos",
  hint: "JPG, PNG or WebP, at most 10 MB per file and 30 photos per property. The first photo is the main photo.",
  choose: "Choose photos",
  dropHere: "or drag files here",
  dropActive: "Drop the files here",
  listLabel: "Photos of the property",
  empty: "No photos yet",
  main: "Main photo",
  imageName: "Photo {{position}}",
  status: {
    queued: "waiting",
    uploading: "uploading",
    done: "uploaded",
    error: "Error",
  },
  attempt: "attempt {{attempt}} of {{total}}",
  progress: "Progress of {{name}}",
  category: "Category",
  categoryOf: "Category of photo {{position}}",
  move: "Move photo {{position}}",
  remove: "Remove photo {{position}}",
  retry: "Try again",
  retryLabel: "Upload photo {{position}} again",
  external: "Imported photo",
  failedCount_one: "{{count}} photo could not be uploaded.",
  failedCount_other: "{{count}} photos could not be uploaded.",
  succeededCount_one: "{{count}} was uploaded successfully.",
  succeededCount_other: "{{count}} were uploaded successfully.",
  offline: "No internet connection. Please check your connection.",
  draftMissing_one:
    "{{count}} photo of the autosaved draft is no longer available. Please upload it again.",
  draftMissing_other:
    "{{count}} photos of the autosaved draft are no longer available. Please upload them again.",
  tooMany: "A property can have at most 30 photos. {{count}} files were not added.",
  errors: {
    missing: "Please choose an image file.",
    notImage: "The file is not a valid image (JPG, PNG or WebP).",
    tooLarge: "The file is larger than 10 MB.",
    tooManyPixels: "The image has too many pixels (at most 40 megapixels).",
    tooManyPending:
      "Too many photos are not yet part of a property. Please save the property first.",
    failed: "Error uploading the photo",
    refused: "The photo was refused.",
    timeout: "Upload timed out (30 seconds)",
    network: "Error uploading the photo (network error)",
    server: "Error uploading the photo (server error)",
    sessionExpired: "Your session has expired. Please reload the page...",
  },
  dnd: {
    instructions:
      "To move a photo, press space or enter. Move it with the arrow keys and drop it with space or enter. Press escape to cancel.",
    start: "Picked up photo {{position}}.",
    over: "Photo {{from}} is now at position {{to}} of {{total}}.",
    end: "Photo dropped at position {{to}} of {{total}}.",
    cancel: "Moving cancelled. The photo stays at position {{position}}.",
  },
};

export default propertyImages;
