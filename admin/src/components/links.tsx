import { Anchor, Button, NavLink, type AnchorProps, type ButtonProps, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

// Mantine's components are polymorphic; the router needs one concrete anchor to type paths and params.
type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

const RoutedAnchor = createLink(forwardRef<HTMLAnchorElement, AnchorProps & AnchorElementProps>((props, ref) => <Anchor ref={ref} {...props} />));
const RoutedButton = createLink(forwardRef<HTMLAnchorElement, ButtonProps & AnchorElementProps>((props, ref) => <Button component="a" ref={ref} {...props} />));
const RoutedNavLink = createLink(forwardRef<HTMLAnchorElement, NavLinkProps & AnchorElementProps>((props, ref) => <NavLink ref={ref} {...props} />));

/** Mantine's anchor as a link of the router: typed paths and params, preloaded on hover. */
export const AnchorLink: LinkComponent<typeof RoutedAnchor> = (props) => <RoutedAnchor {...props} />;
/** Mantine's navigation link, routed. */
export const NavLinkLink: LinkComponent<typeof RoutedNavLink> = (props) => <RoutedNavLink {...props} />;
/** Mantine's button as a link of the router: a screen reached like an action (a packing slip). */
export const ButtonLink: LinkComponent<typeof RoutedButton> = (props) => <RoutedButton {...props} />;
