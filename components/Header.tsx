import site from "../content/site.yaml";
import MobileMenu from "../islands/MobileMenu.tsx";
import ThemeToggle from "../islands/ThemeToggle.tsx";
import { BrandMark } from "./BrandMark.tsx";
import { Island } from "./Island.tsx";

const { company, insightsLink, navigation } = site;

export function Header({ path }: { path: string }) {
  const page = navigation.find((link) => link.href === path)?.href;
  const section = page ? undefined : navigation.find((link) => link.href !== "/" && path.startsWith(`${link.href}/`))?.href;
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="container site-header__inner">
        <a className="brand" href="/" aria-label={`${company.name} home`}>
          <BrandMark />
          <span className="brand__name">{company.name}</span>
        </a>
        <Island component={MobileMenu} props={{ links: navigation, insights: insightsLink, ...(page && { page }), ...(section && { section }) }} />
        <Island component={ThemeToggle} props={{}} />
      </div>
    </header>
  );
}
