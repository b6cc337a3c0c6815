/** The name of the consent panel and of the footer link that reopens it: printed by the server, shown by the browser. */
export const PRIVACY_CHOICES = "Privacy choices";
