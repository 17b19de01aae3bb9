/** Leaves the site for another page (the card's authentication step); its own module so tests can stand in. */
export const leaveFor = (url: string) => window.location.assign(url);
