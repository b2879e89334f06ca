import CallToAction from "./CallToAction";
import Clients from "./Clients";
import Credits from "./Credits";
import FeaturedWorks from "./FeaturedWorks";
import Gallery from "./Gallery";
import Hero from "./Hero";
import ImageBlock from "./ImageBlock";
import Presentation from "./Presentation";
import Quote from "./Quote";
import Text from "./Text";
import Video from "./Video";

/** The slice library: slice_type -> component (Slice Machine's convention). */
export const components = {
  call_to_action: CallToAction,
  clients: Clients,
  credits: Credits,
  featured_works: FeaturedWorks,
  gallery: Gallery,
  hero: Hero,
  image: ImageBlock,
  presentation: Presentation,
  quote: Quote,
  text: Text,
  video: Video,
};
