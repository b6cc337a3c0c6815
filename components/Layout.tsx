import type { ReactNode } from "react";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

export function Layout({ path, children }: { path: string; children?: ReactNode }) {
  return (
    <>
      <Header path={path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
