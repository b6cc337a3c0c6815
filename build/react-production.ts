// React's development build checks every element as it renders and is several times slower; the markup
// is the same. React picks its build when first loaded, so build.ts imports this module before any other.
process.env.NODE_ENV ??= "production";
