/** Where a new staff member opens their enrolment link; the token travels in the fragment, so no log records it. */
export const enrolmentPath = (token: string) => `/bo/enrol#${token}`;
