//! PNG and GIF files from frames, through the `png` and `gif` crates.

use crate::raster::Frame;
use physics_core::trace::AtomicFile;
use std::path::Path;

fn rgb(frame: &Frame) -> Vec<u8> {
    frame
        .pixels
        .iter()
        .flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, *p as u8])
        .collect()
}

/// Write `frame` as an 8-bit RGB PNG into `file`, opened for `path`; the caller
/// commits it.
pub fn write_png(
    file: &mut AtomicFile,
    path: &Path,
    frame: &Frame,
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| {
        format!("cannot write `{}`: {e}", path.display())
    };
    let mut enc = png::Encoder::new(file, frame.width as u32, frame.height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().map_err(|e| err(&e))?;
    writer.write_image_data(&rgb(frame)).map_err(|e| err(&e))?;
    writer.finish().map_err(|e| err(&e))
}

/// Collects frames for an animated GIF.
pub struct GifWriter {
    encoder: gif::Encoder<AtomicFile>,
    path: std::path::PathBuf,
    /// Delay between frames in hundredths of a second.
    delay: u16,
}

impl GifWriter {
    pub fn create(
        path: &Path,
        width: usize,
        height: usize,
        seconds_per_frame: f32,
    ) -> Result<Self, String> {
        let err = |e: &dyn std::fmt::Display| {
            format!("cannot write `{}`: {e}", path.display())
        };
        let file = AtomicFile::create(path).map_err(|e| err(&e))?;
        let mut encoder = gif::Encoder::new(file, width as u16, height as u16, &[])
            .map_err(|e| err(&e))?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(|e| err(&e))?;
        // Browsers slow down delays under 2/100 s, so never ask for less.
        let delay = (seconds_per_frame * 100.0).round().clamp(2.0, 1000.0) as u16;
        Ok(GifWriter { encoder, path: path.to_path_buf(), delay })
    }

    pub fn add(&mut self, frame: &Frame) -> Result<(), String> {
        let mut f = gif::Frame::from_rgb_speed(
            frame.width as u16,
            frame.height as u16,
            &rgb(frame),
            20,
        );
        f.delay = self.delay;
        self.encoder
            .write_frame(&f)
            .map_err(|e| format!("cannot write `{}`: {e}", self.path.display()))
    }

    /// The finished GIF's file, to commit with the run's other outputs.
    pub fn finish(self) -> Result<AtomicFile, String> {
        let path = self.path.clone();
        self.encoder
            .into_inner()
            .map_err(|e| format!("cannot write `{}`: {e}", path.display()))
    }
}
