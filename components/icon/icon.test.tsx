import { render, screen } from "@testing-library/react";

import { Icon } from "@/components/icon/icon";
import { icons, type IconName } from "@/components/icon/icons";

const svgOf = (container: HTMLElement) => container.querySelector("svg")!;

describe("Icon", () => {
  it("is decorative by default: hidden from assistive technology and not focusable", () => {
    const { container } = render(<Icon name="play" />);
    expect(svgOf(container)).toHaveAttribute("aria-hidden", "true");
    expect(svgOf(container)).toHaveAttribute("focusable", "false");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("becomes an image named by its title", () => {
    const { container } = render(<Icon name="play" title="Play" />);
    expect(screen.getByRole("img", { name: "Play" })).toBe(svgOf(container));
    expect(svgOf(container)).not.toHaveAttribute("aria-hidden");
  });

  it("follows the font size and keeps the consumer's class", () => {
    const { container } = render(<Icon name="arrow-up-right" className="header-icon" />);
    expect(svgOf(container)).toHaveAttribute("width", "1em");
    expect(svgOf(container)).toHaveAttribute("height", "1em");
    expect(svgOf(container)).toHaveClass("header-icon");
  });

  it.each(Object.keys(icons) as IconName[])("draws %s from the registry", (name) => {
    const { container } = render(<Icon name={name} />);
    expect(svgOf(container)).toHaveAttribute("viewBox", icons[name].viewBox);
    const paths = container.querySelectorAll("path");
    expect(paths).toHaveLength(icons[name].shapes.length);
    paths.forEach((path) => expect(path.getAttribute("d")).toMatch(/^M/));
  });
});
