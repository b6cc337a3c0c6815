// The privacy choices banner: fixed to the bottom of the viewport (so nothing on the page moves), not a
// modal, Accept and Decline of equal weight. It shows itself until the visitor chooses, and any
// "Privacy choices" link ([data-privacy-choices]) opens it again later. With a privacy signal on it
// offers no choice and says the signal is honored.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { PRIVACY_CHOICES } from "../shared/privacy-choices.ts";
import type { Consent, PrivacySignal } from "./consent.ts";

interface ConsentBannerProps {
  /** True on a first visit: no choice stored and no signal. */
  ask: boolean;
  signal: PrivacySignal;
  consent: Consent;
  onChoose: (consent: Consent) => void;
}

export default function ConsentBanner({ ask, signal, consent, onChoose }: ConsentBannerProps) {
  const [open, setOpen] = useState(ask);
  const [current, setCurrent] = useState(consent);
  const opener = useRef<HTMLElement | null>(null);
  const banner = useRef<HTMLElement>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("[data-privacy-choices]");
      if (!link) return;
      event.preventDefault();
      opener.current = link as HTMLElement;
      setOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // Focus moves in only when the visitor asked for the panel; the first-visit banner never takes it.
  // While the banner covers the bottom of the viewport, the page scrolls focused elements above it.
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (!open || !banner.current) {
      root.style.scrollPaddingBottom = "";
      return;
    }
    root.style.scrollPaddingBottom = `${banner.current.offsetHeight + 16}px`;
    if (opener.current) banner.current.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    const back = opener.current ?? document.getElementById("main");
    opener.current = null;
    back?.focus({ preventScroll: true });
  };

  const choose = (choice: Consent) => {
    onChoose(choice);
    setCurrent(choice);
    close();
  };

  if (!open) return null;
  return (
    <section ref={banner} className="consent-banner" aria-labelledby="consent-banner-title" tabIndex={-1}>
      <div className="consent-banner__inner">
        <p id="consent-banner-title" className="consent-banner__title">
          {PRIVACY_CHOICES}
        </p>
        {signal ? (
          <p className="consent-banner__text">
            Your browser sends a {signal} signal, and this site honors it: Google Analytics and Microsoft Clarity run without cookies, and consent is never
            asked for or granted. <a href="/privacy#information-collected-automatically">Privacy Policy</a>
          </p>
        ) : (
          <p className="consent-banner__text">
            May Google Analytics and Microsoft Clarity use cookies to help us see how the site is used? Without your consent they run cookieless. We never allow
            advertising cookies. {!ask && <>Currently: {current === "granted" ? "accepted" : "declined"}. </>}
            <a href="/privacy#information-collected-automatically">Privacy Policy</a>
          </p>
        )}
        <div className="consent-banner__actions">
          {signal ? (
            <button type="button" className="button button--secondary" onClick={close}>
              Close
            </button>
          ) : (
            <>
              <button type="button" className="button button--secondary" onClick={() => choose("granted")}>
                Accept
              </button>
              <button type="button" className="button button--secondary" onClick={() => choose("denied")}>
                Decline
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
