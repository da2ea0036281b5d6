/** Small inline icons; decorative (aria-hidden), the buttons' text names them. */
const common = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export const PlayIcon = () => (
  <svg {...common}>
    <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...common}>
    <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
  </svg>
);
export const StepIcon = () => (
  <svg {...common}>
    <path d="M3 2.5v11l7-5.5z" fill="currentColor" />
    <path d="M11 2.5h2.5v11H11z" fill="currentColor" />
  </svg>
);
export const ResetIcon = () => (
  <svg {...common}>
    <path
      d="M8 3a5 5 0 1 1-4.6 3"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
    <path d="M2 2.5v4.3h4.3z" fill="currentColor" />
  </svg>
);
export const UploadIcon = () => (
  <svg {...common}>
    <path d="M8 11V3M4.5 6.5 8 3l3.5 3.5M2.5 13.5h11" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
export const DownloadIcon = () => (
  <svg {...common}>
    <path d="M8 2.5v8M4.5 7 8 10.5 11.5 7M2.5 13.5h11" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
export const TextSizeIcon = () => (
  <svg {...common}>
    <path d="M1.5 13 5 3.5 8.5 13M2.8 9.6h4.4M9.5 13l2.3-6 2.2 6M10.3 11h3" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
export const LogoMark = () => (
  <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="7" fill="#0072B2" />
    <path d="M5 25 L10 13 L15 19 L20 9 L21 19 L27 11" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" strokeLinecap="round" />
  </svg>
);
