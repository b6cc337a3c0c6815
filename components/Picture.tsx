import type { ResponsiveImage } from "./SiteContext.tsx";

interface PictureProps {
  image: ResponsiveImage;
  alt: string;
  sizes: string;
  className?: string;
  /** The largest image above the fold: load it first, never lazily. */
  priority?: boolean;
}

/** WebP, then JPEG; width and height always set so nothing shifts. */
export function Picture({ image, alt, sizes, className, priority = false }: PictureProps) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        className={className}
        src={image.fallback}
        alt={alt}
        width={image.width}
        height={image.height}
        decoding="async"
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}
