import type { ImageFile } from "../content/collections.ts";
import { useSite } from "./SiteContext.tsx";

interface PictureProps {
  /** What a page imports (`import hero from "../art/hero.svg"`) or a content file's image field holds. */
  image: ImageFile;
  alt: string;
  sizes: string;
  /** Lays out the image's box: the <img>, or, with a placeholder, the box holding it and the placeholder. */
  className?: string;
  /** The largest image above the fold: load it first, never lazily. */
  priority?: boolean;
}

/** The image's encoded files, best format first; width and height always set so nothing shifts; and where
 * it has one, its placeholder beneath it until it has loaded (styles/_picture.scss). */
export function Picture({ image, alt, sizes, className, priority = false }: PictureProps) {
  const files = useSite().images[image.src];
  if (!files) throw new Error(`${image.src}: not encoded; name it in a page's import or a content file's image field`);
  const picture = (
    <picture>
      {files.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className={files.placeholder ? "picture__image" : className}
        src={files.fallback}
        alt={alt}
        width={files.width}
        height={files.height}
        decoding="async"
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
  if (!files.placeholder) return picture;
  return (
    <span className={className ? `picture ${className}` : "picture"}>
      <img className="picture__placeholder" src={files.placeholder} alt="" width={files.width} height={files.height} />
      {picture}
    </span>
  );
}
