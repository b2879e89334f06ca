import { render, screen } from "@testing-library/react";

import { Icon } from "@/components/icon/icon";
import { icons, type IconName, type IconViewBox } from "@/components/icon/icons";
import { nodeEnv } from "@/lib/public-env";

// The build's NODE_ENV, injected: "test" here, "production" where a test says so.
jest.mock("@/lib/public-env", () => ({ ...jest.requireActual("@/lib/public-env"), nodeEnv: jest.fn() }));
const builtFor = jest.mocked(nodeEnv);

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

  it("uses a valid viewBox override", () => {
    const { container } = render(<Icon name="play" viewBox="-2 -2 28 28" />);
    expect(svgOf(container)).toHaveAttribute("viewBox", "-2 -2 28 28");
  });

  describe("with a viewBox that is not four numbers", () => {
    beforeEach(() => {
      jest.spyOn(console, "error").mockImplementation(() => {});
      builtFor.mockReturnValue("test");
    });
    afterEach(() => jest.restoreAllMocks());

    it("is rejected by the compiler and throws a clear error at runtime", () => {
      // @ts-expect-error three numbers are not a viewBox
      expect(() => render(<Icon name="play" viewBox="0 0 24" />)).toThrow(
        'Icon "play": viewBox must be four space-separated numbers, got "0 0 24"',
      );
    });

    it("throws for strings built at runtime that slip past the type", () => {
      const fromData = "0 0 24 wide" as IconViewBox;
      expect(() => render(<Icon name="play" viewBox={fromData} />)).toThrow(
        'Icon "play": viewBox must be four space-separated numbers, got "0 0 24 wide"',
      );
    });

    it("in production, logs the error and draws with the registry's viewBox", () => {
      builtFor.mockReturnValue("production");
      const { container } = render(<Icon name="arrow-up-right" viewBox={"0,0,24,24" as IconViewBox} />);
      expect(svgOf(container)).toHaveAttribute("viewBox", icons["arrow-up-right"].viewBox);
      expect(console.error).toHaveBeenCalledWith(
        'Icon "arrow-up-right": viewBox must be four space-separated numbers, got "0,0,24,24"',
      );
    });
  });
});
