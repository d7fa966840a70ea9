#ifndef COVERMAP_H
#define COVERMAP_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cm_ctx cm_ctx;

typedef struct {
  double lat, lon;
  float height_m, power_dbm, azimuth_deg, tilt_deg, freq_mhz;
  int sectors;
} cm_site;

enum { CM_OK = 0, CM_EIO = 1, CM_ENOMEM = 2, CM_EARG = 3, CM_ECUDA = 4, CM_EFORMAT = 5 };

int cm_init(cm_ctx** out, int max_sites, int raster_w, int raster_h);
void cm_shutdown(cm_ctx* ctx);
int cm_load_clutter(cm_ctx* ctx, const char* path);
int cm_load_antenna_db(cm_ctx* ctx, const char* path);

/* Path loss per sector of one site over the raster: [sectors][w*h] dB. */
int cm_trace_sectors(cm_ctx* ctx, const cm_site* site, float* pathloss);
/* Best-server RSRP over the raster (dBm); the result also stays on the device for tiling. */
int cm_predict_rsrp(cm_ctx* ctx, const cm_site* sites, int n_sites, const float* gain_adj, float* rsrp);
/* Copy one tile of the last prediction into `out` (tile*tile floats). */
int cm_extract_tile(cm_ctx* ctx, int tx, int ty, int tile, float* out);
/* Terrain heights sampled along a straight path over a DEM (n samples, metres). */
int cm_terrain_profile(cm_ctx* ctx, const short* dem, int dem_w, int dem_h, double x0, double y0, double x1,
                       double y1, float* profile, int n);
/* Antenna gain (dBi) at the given azimuths from horizontal/vertical pattern cuts. */
int cm_pattern_gain(cm_ctx* ctx, const float* h_cut, const float* v_cut, const float* az, float* gain, int n);
int cm_write_geotiff(cm_ctx* ctx, const char* path, int w, int h);
const char* cm_strerror(int rc);

#ifdef __cplusplus
}
#endif

#endif
