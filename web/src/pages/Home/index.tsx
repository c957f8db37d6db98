import { BlogTeasers } from './components/BlogTeasers';
import { ClosingCta } from './components/ClosingCta';
import { Features } from './components/Features';
import { Hero } from './components/Hero';
import { HowItWorks } from './components/HowItWorks';
import { Pricing } from './components/Pricing';
import { Stats } from './components/Stats';
import { Testimonials } from './components/Testimonials';

/** The public marketing page. Static on purpose: it loads fast and makes no API calls. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <Stats />
      <Features />
      <HowItWorks />
      <Pricing />
      <Testimonials />
      <BlogTeasers />
      <ClosingCta />
    </>
  );
}
