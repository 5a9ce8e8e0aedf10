/**
 * A product's picture with its box sized before it loads (no layout shift), lazy unless it is above the
 * fold; a product without one shows its initials on a tint made from its name.
 */
export function ProductImage({ src, alt, size, eager = false }: { src: string | null | undefined; alt: string; size: number; eager?: boolean }) {
  if (src) {
    return <img src={src} alt={alt} width={size} height={size} loading={eager ? 'eager' : 'lazy'} decoding="async" fetchPriority={eager ? 'high' : undefined} className="product-image" />;
  }
  const hue = [...alt].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);
  const initials = alt.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => word[0]!.toUpperCase()).join('');
  return (
    <svg role="img" aria-label={alt} width={size} height={size} viewBox="0 0 100 100" className="product-image">
      <rect width="100" height="100" fill={`hsl(${hue} 45% 88%)`} />
      <text x="50" y="50" dominantBaseline="central" textAnchor="middle" fontSize="30" fill={`hsl(${hue} 40% 25%)`} fontFamily="system-ui, sans-serif">{initials}</text>
    </svg>
  );
}
