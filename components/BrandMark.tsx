/** The firm's mark (the favicon's cedar), drawn inline so it needs no request. */
export function BrandMark() {
  return (
    <svg className="brand__mark" width={32} height={32} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="brand__tile" />
      <path d="M16 5 9.5 13h3.5L8 20h5l-4 5h14l-4-5h5l-5-7h3.5z" fill="#fff" />
      <rect x="14.5" y="24" width="3" height="4" rx="1" fill="#f59e0b" />
    </svg>
  );
}
