use actix_web::{web, App, HttpServer};

use georeproj::{routes, state::AppState};

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let _ctx = cust::quick_init().expect("CUDA context");
    let data_dir = std::env::var("GEOREPROJ_DATA").unwrap_or_else(|_| "data".into());
    let state = web::Data::new(AppState::new(&data_dir).expect("start-up state"));
    HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .service(routes::reproject_tile)
            .service(routes::warp)
            .service(routes::mosaic_handler)
            .service(routes::add_source)
            .service(routes::health)
    })
    .bind(("0.0.0.0", 8080))?
    .run()
    .await
}
